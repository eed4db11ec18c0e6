import { ReportView } from '../components/report-view';

/** /reports: a customer's own deliveries, day by day. */
export function MyReportsPage() {
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>Reports · MedCourier</title>
      <div className="mb-5">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Reports</h1>
        <p className="text-sm text-slate-600">How your deliveries went: on time, a day, and how long pickups and drop-offs took.</p>
      </div>
      <ReportView scope="own" />
    </section>
  );
}
