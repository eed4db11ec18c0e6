import { COMPANY } from '@courier/contract';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CompanyContact, LEGAL_LAST_UPDATED, LegalDocument, type TLegalSection } from '../components/legal-document';

// How long each kind of record is kept, and why (section "How long we keep it").
const retention = [
  {
    record: 'Account details',
    period: 'While your account is open; removed within 30 days of deleting it',
    why: 'To run your account',
  },
  {
    record: 'Delivery records and chain of custody',
    period: '7 years after delivery',
    why: 'Healthcare customers and their auditors rely on them to show who handled a package, when and where',
  },
  {
    record: 'Proof-of-delivery photos and signatures',
    period: '3 years after delivery',
    why: 'To settle questions and claims about a delivery',
  },
  { record: 'Package photos you upload', period: '1 year after delivery', why: 'To identify the package while it is with us' },
  { record: 'Courier locations', period: '90 days', why: 'To show live tracking and investigate delays' },
  {
    record: 'Consent records (SMS, e-mail, service updates)',
    period: 'While the consent is active, and 5 years after you withdraw it',
    why: 'To prove what you agreed to and when',
  },
  { record: 'Feedback', period: '3 years', why: 'To improve the service' },
  { record: 'Security and audit logs', period: '12 months (staff access logs: 6 years)', why: 'To protect accounts and records' },
] as const;

const sections: readonly TLegalSection[] = [
  {
    id: 'scope',
    title: 'Who we are and what this covers',
    body: (
      <p>
        {COMPANY.name} ({COMPANY.address}) runs this website and web app and the courier service behind them. This policy explains what
        personal information we collect when you use them, why, who sees it, how long we keep it and the choices you have.
      </p>
    ),
  },
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <>
        <h3>When you create an account</h3>
        <p>
          Your first and last name, e-mail address, phone number, address, account type (such as pharmacy or medical laboratory) and your
          password, which we store only as a salted one-way hash. You can add a profile picture.
        </p>
        <h3>When you request a delivery</h3>
        <p>
          The sender phone and pickup address; the recipient's name, phone, e-mail and delivery address; the required-by time; the package
          type, size, delivery type and any special instructions; and, if you add one, a photo of the package.
        </p>
        <h3>While a delivery is on its way</h3>
        <p>
          The chain of custody: each status change with its time, place and the person who made it. The assigned courier's location during
          active jobs. At drop-off, proof of delivery: the recipient's name, a signature and/or photo and the courier's notes.
        </p>
        <h3>When you opt in to updates</h3>
        <p>
          Your phone number, company (if given), which updates you chose, the consent wording you saw, and the time, IP address and browser
          of your request, so we can show later what you agreed to.
        </p>
        <h3>When you leave feedback or contact us</h3>
        <p>Your rating and comment, or what you tell us when you call or write.</p>
        <h3>Automatically</h3>
        <p>
          Security logs of sign-ins and requests (IP address, browser, time). Your browser keeps your sign-in session, the last list of your
          deliveries and whether you closed the SMS banner in its local storage. We use no advertising cookies and no third-party tracking.
        </p>
      </>
    ),
  },
  {
    id: 'use',
    title: 'Why we use it',
    body: (
      <ul>
        <li>
          <strong>To carry out deliveries</strong>: dispatching couriers, estimating arrival, and notifying senders and recipients.
        </li>
        <li>
          <strong>To keep a verifiable record</strong>: the chain of custody and proof of delivery that healthcare customers need.
        </li>
        <li>
          <strong>To send the messages you chose</strong>: SMS and e-mail updates, and service updates only if you opted in.
        </li>
        <li>
          <strong>To keep accounts and records safe</strong>: detecting misuse, limiting repeated sign-in attempts, and auditing staff
          access.
        </li>
        <li>
          <strong>To improve the service</strong>: using feedback and delivery times in aggregate.
        </li>
        <li>
          <strong>To meet legal obligations</strong>: such as record-keeping and answering lawful requests.
        </li>
      </ul>
    ),
  },
  {
    id: 'health-information',
    title: 'Health information',
    body: (
      <>
        <p>
          We move packages; we do not need to know what is in them, and couriers never open them. Package labels and specimen paperwork may
          nevertheless identify patients. Where we carry protected health information for a healthcare organisation, we handle it as that
          organisation's business associate under HIPAA and our business associate agreement with them.
        </p>
        <p>
          We apply the minimum-necessary principle: the public tracking page shows only a delivery's status, estimate, timeline and places
          at town level, never names, phone numbers, e-mail addresses, instructions or contents. Full details are available only to the
          customer who booked, the assigned courier and authorised dispatch staff, and each staff view is recorded in an audit log.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We do not sell or rent personal information. We share it only:</p>
        <ul>
          <li>with the courier assigned to a delivery, and the sender and recipient of that delivery;</li>
          <li>
            with service providers who work for us under contract: hosting, e-mail delivery, SMS carriers, and the map service whose tiles
            your browser loads to draw maps;
          </li>
          <li>with the healthcare organisation that booked a delivery, for its own records;</li>
          <li>when the law requires it, or to protect the safety of people or the integrity of a delivery.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <p>We keep each kind of record only as long as it is needed, then delete or anonymise it.</p>
        {/* Phones: one card per record; wider screens: a table. */}
        <ul className="mt-4 list-none! space-y-3 pl-0! sm:hidden">
          {retention.map((row) => (
            <li key={row.record} className="rounded-xl border border-slate-200 p-4 text-sm">
              <strong className="block">{row.record}</strong>
              <span className="mt-1 block">{row.period}</span>
              <span className="mt-1 block text-slate-600">{row.why}</span>
            </li>
          ))}
        </ul>
        <div className="mt-4 hidden overflow-x-auto rounded-xl border border-slate-200 sm:block">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Record
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Kept for
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Why
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {retention.map((row) => (
                <tr key={row.record} className="align-top">
                  <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                    {row.record}
                  </th>
                  <td className="px-4 py-3">{row.period}</td>
                  <td className="px-4 py-3 text-slate-600">{row.why}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          When you delete your account, deliveries you booked stay in our records for the period above, because the chain of custody belongs
          to the delivery and the organisations involved in it as much as to you.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <ul>
        <li>All traffic to the website and app is encrypted in transit.</li>
        <li>Passwords are stored only as Argon2id hashes; sign-in sessions are short-lived and can be revoked.</li>
        <li>Access to delivery details depends on role and is limited to those who need it; staff access is logged.</li>
        <li>Each chain-of-custody entry is sealed with a hash of the one before it, so records cannot be changed unnoticed.</li>
      </ul>
    ),
  },
  {
    id: 'choices',
    title: 'Your choices and rights',
    body: (
      <>
        <ul>
          <li>
            <strong>See and correct</strong> your details in Account Settings, or ask us for a copy of what we hold about you.
          </li>
          <li>
            <strong>Delete</strong> your account from Account Settings at any time.
          </li>
          <li>
            <strong>Choose your messages</strong> in your notification preferences or on our <Link to={paths.optin}>opt-in page</Link>.
          </li>
          <li>
            <strong>Stop texts</strong> by replying <strong>STOP</strong> to any message; reply <strong>HELP</strong> for help.
          </li>
          <li>
            <strong>Stop marketing e-mail</strong> with the unsubscribe link in any message.
          </li>
        </ul>
        <p>
          Depending on where you live, you may have further rights, such as to know, delete or correct personal information or to appeal a
          decision we make about a request. Write to {COMPANY.email}; we answer within 30 days and will not treat you differently for
          asking.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        The service is for healthcare organisations and adults. We do not knowingly collect information from children under 16 except as the
        named recipient of a delivery arranged by an adult or a healthcare provider.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we update the date at the top of the page. If a change affects how we use information we already hold, we
        will tell account holders by e-mail before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <>
        <p>For privacy questions or requests, contact our privacy team:</p>
        <CompanyContact />
        <p>
          The rules for using the service are in our <Link to={paths.terms}>Terms &amp; Conditions</Link>.
        </p>
      </>
    ),
  },
];

/** /privacy: what we keep, why, for how long, and how to reach us. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          Healthcare runs on trust. This policy explains, in plain words, what information {COMPANY.name} keeps about you and your
          deliveries, why we keep it, and how you stay in control.
        </p>
      }
      sections={sections}
    />
  );
}
