import { FormAlert } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { useMyAccount } from '@/domain/account/api/get-my-account';
import { errorMessage } from '@/lib/error-message';
import { FhirClientsSection } from '../components/fhir-clients-section';
import { FhirSubscriptionsSection } from '../components/fhir-subscriptions-section';
import { Hl7SendersSection } from '../components/hl7-senders-section';

/**
 * /account/integrations: how the account's own systems reach us as standards speak (FHIR R4 clients with SMART
 * Backend Services keys and the Subscriptions they made, HL7 v2 interface engines over MLLP). Owners manage them;
 * members are told who does, and see the Subscriptions they made.
 */
export function IntegrationsPage() {
  const mine = useMyAccount();
  const isOwner = mine.data?.data.role === 'owner';
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>Integrations · MedCourier</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Integrations</h1>
      <p className="mt-1 text-sm text-slate-600">
        Let your laboratory information system, EHR or interface engine request pickups and follow them.
      </p>
      {mine.isPending ? (
        <div className="mt-6 flex justify-center py-10">
          <Spinner label="Loading your account" />
        </div>
      ) : mine.isError ? (
        <FormAlert className="mt-6">{errorMessage(mine.error, 'Your account could not be loaded')}</FormAlert>
      ) : !isOwner ? (
        <div className="mt-6 space-y-6">
          <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600 shadow-sm">
            The account's owners connect its systems.
          </p>
          {/* a member sees the Subscriptions they made */}
          <FhirSubscriptionsSection />
        </div>
      ) : (
        <div className="mt-6 space-y-6">
          {/* sections: FHIR clients, their Subscriptions, HL7 senders */}
          <FhirClientsSection />
          <FhirSubscriptionsSection />
          <Hl7SendersSection />
        </div>
      )}
    </section>
  );
}
