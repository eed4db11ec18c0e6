/** A customer quote on the landing page (static, four of them, some with an id). */
export interface TTestimonial {
  id?: string;
  name: string;
  company: string;
  /** A path under apps/web/public. */
  image: string;
  text: string;
  position: string;
}

export const TESTIMONIALS: readonly TTestimonial[] = [
  {
    id: 'riverside-family-clinic',
    name: 'Dr. Amelia Hart',
    position: 'Medical Director',
    company: 'Riverside Family Clinic',
    image: '/testimonials/amelia-hart.svg',
    text: 'Our afternoon specimen pickups used to be a guessing game. Now the courier arrives inside the window, the lab has the samples within the hour, and every hand-over is right there in the record when the lab calls with a question.',
  },
  {
    id: 'northeast-diagnostics',
    name: 'Marcus Chen',
    position: 'Laboratory Operations Manager',
    company: 'Northeast Diagnostics Laboratory',
    image: '/testimonials/marcus-chen.svg',
    text: 'Refrigerated specimens arrive in range and on time, and the chain of custody is complete down to who signed for each box. That is exactly what our accreditation inspectors ask to see.',
  },
  {
    name: 'Priya Natarajan, PharmD',
    position: 'Pharmacy Manager',
    company: 'Harbor Street Pharmacy',
    image: '/testimonials/priya-natarajan.svg',
    text: 'Same-day deliveries to homebound patients went from a daily scramble to a routine. Patients get a text when the driver is on the way, and we get a proof-of-delivery photo for every bag.',
  },
  {
    name: "James O'Connell",
    position: 'Director of Supply Chain',
    company: "St. Brendan's Hospital",
    image: '/testimonials/james-oconnell.svg',
    text: 'We moved our inter-campus runs and STAT transfers to MedCourier and cut the cost of those routes by about a third, without giving up the tracking our nurses rely on.',
  },
];
