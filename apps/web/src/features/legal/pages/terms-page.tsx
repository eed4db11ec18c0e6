import { COMPANY } from '@courier/contract';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CompanyContact, LEGAL_LAST_UPDATED, LegalDocument, type TLegalSection } from '../components/legal-document';

const sections: readonly TLegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms govern your use of the {COMPANY.name} website and web app and the courier services you book through them. By creating
          an account, requesting a delivery or tracking a package, you agree to them. If you book on behalf of a clinic, laboratory,
          pharmacy, hospital or other organisation, you confirm that you are authorised to bind that organisation.
        </p>
        <p>
          Where your organisation has a signed service agreement with us, that agreement takes precedence over these terms wherever the two
          differ.
        </p>
      </>
    ),
  },
  {
    id: 'services',
    title: 'Our services',
    body: (
      <>
        <p>
          {COMPANY.name} collects and delivers healthcare-related items: laboratory specimens, medication and pharmacy orders, medical
          supplies and equipment, and sealed documents and records. Delivery types are Standard, Next day, Express and Same day; the
          estimated delivery time shown when you book depends on the type you choose and our business hours.
        </p>
        <p>
          We are a transport provider. We do not provide medical advice, we do not test, dispense or prescribe, and we do not open the
          packages we carry.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>Give accurate details when you sign up and keep them up to date in Account Settings.</li>
        <li>Keep your password to yourself. You are responsible for requests made with your account.</li>
        <li>Tell us straight away at {COMPANY.email} if you think someone else has used your account.</li>
        <li>We may suspend an account that is used to break these terms or the law, or that puts couriers or patients at risk.</li>
      </ul>
    ),
  },
  {
    id: 'booking',
    title: 'Booking a delivery',
    body: (
      <>
        <p>When you request a delivery you confirm that:</p>
        <ul>
          <li>the pickup and delivery addresses, recipient details and required-by time are correct;</li>
          <li>the package type, size and any special instructions (such as temperature range) describe the package truthfully;</li>
          <li>you have the right to send the items and the recipient is entitled to receive them.</li>
        </ul>
        <p>
          A request is pending until our dispatch team approves it and assigns a courier. We may decline a request we cannot carry safely or
          lawfully; if we do, we will tell you why.
        </p>
      </>
    ),
  },
  {
    id: 'packaging',
    title: 'Packaging and items we do not carry',
    body: (
      <>
        <p>
          You are responsible for packaging items so they arrive safely. Clinical specimens must be packed to the standard for Biological
          Substance, Category B (UN3373): a leak-proof primary container, leak-proof secondary packaging with absorbent material, and a
          rigid outer package. Temperature-sensitive items must be marked with their required range.
        </p>
        <p>We do not carry, and you must not hand us:</p>
        <ul>
          <li>Category A infectious substances, radioactive material or other dangerous goods that require specialist transport;</li>
          <li>controlled substances without the documentation the law requires for their transport;</li>
          <li>organs or tissue for transplant, unless agreed in writing in advance;</li>
          <li>cash, weapons, or anything illegal to possess or transport.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'delivery',
    title: 'Pickup, delivery and proof of delivery',
    body: (
      <>
        <p>
          Estimated delivery times are estimates made in good faith. We will tell you promptly if a delivery is delayed. Every hand-over is
          recorded in the delivery's chain of custody with its time, place and the person involved.
        </p>
        <p>
          On delivery the courier records proof of delivery, which may include the recipient's name and signature, a photo of the package at
          the drop-off point and notes. If nobody is available to receive a package that needs a signature, we contact the sender and follow
          their instructions, which may mean returning the package.
        </p>
      </>
    ),
  },
  {
    id: 'cancellations',
    title: 'Cancellations',
    body: (
      <p>
        You can cancel a request yourself while it is still pending. Once it has been approved or a courier has been assigned, contact us at{' '}
        {COMPANY.phone} and we will cancel it if the courier has not yet collected the package.
      </p>
    ),
  },
  {
    id: 'tracking',
    title: 'Tracking numbers',
    body: (
      <p>
        Anyone who has a tracking number can follow that delivery's status, estimated arrival and progress on the map. Public tracking never
        shows names, phone numbers, e-mail addresses, instructions or package contents, but please share tracking numbers only with people
        who need them.
      </p>
    ),
  },
  {
    id: 'messages',
    title: 'SMS and e-mail messages',
    body: (
      <>
        <p>
          If you opt in on our <Link to={paths.optin}>opt-in page</Link>, through the banner on our home page, or in your account settings,{' '}
          {COMPANY.name} will send you the messages you chose:
        </p>
        <ul>
          <li>
            <strong>SMS updates:</strong> delivery status alerts such as pickup, delay and delivery confirmations.
          </li>
          <li>
            <strong>Email updates:</strong> delivery confirmations, proof-of-delivery notices and account messages.
          </li>
          <li>
            <strong>Service updates:</strong> service announcements such as holiday hours and new service areas, and occasional offers.
          </li>
        </ul>
        <h3>SMS terms</h3>
        <ul>
          <li>Message frequency varies with your deliveries. Message &amp; data rates may apply.</li>
          <li>
            Reply <strong>STOP</strong> to any message to opt out. We will send one message confirming that you have been unsubscribed and
            nothing more.
          </li>
          <li>
            Reply <strong>HELP</strong> for help, or contact us at {COMPANY.phone} or {COMPANY.email}.
          </li>
          <li>Consent to receive messages is not a condition of booking or buying any service.</li>
          <li>Mobile carriers are not liable for delayed or undelivered messages.</li>
        </ul>
        <p>
          Every marketing e-mail has an unsubscribe link. Messages about a delivery you booked or an account you hold are part of the
          service and are sent whatever your marketing choices, as set in your notification preferences.
        </p>
      </>
    ),
  },
  {
    id: 'fees',
    title: 'Rates and payment',
    body: (
      <p>
        Rates are those in your service agreement or the quote confirmed before booking. Savings figures we publish, such as an average
        saving of 32% versus other shipping companies, are averages across customers and not a promise for any single delivery.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Loss, damage and liability',
    body: (
      <>
        <p>
          We take care of everything we carry. If a package is lost or damaged while in our custody, tell us within 30 days of the booked
          delivery date. Unless your service agreement says otherwise, our liability for a package is limited to the lower of its declared
          value and US $100, and we are not liable for indirect losses such as the cost of repeating a test.
        </p>
        <p>Nothing in these terms limits liability that cannot be limited by law.</p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Using the website fairly',
    body: (
      <ul>
        <li>Do not try to access accounts, deliveries or data that are not yours.</li>
        <li>Do not probe, scan or overload our systems, or collect data from them by automated means.</li>
        <li>Do not use the service to send unlawful, harmful or misleading content.</li>
      </ul>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and ending the service',
    body: (
      <p>
        We may update these terms as the service changes. We will show the new date at the top of this page and, for significant changes,
        tell account holders by e-mail before they take effect. You can stop using the service and delete your account at any time from
        Account Settings.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: <p>These terms are governed by the laws of the Commonwealth of Massachusetts and applicable US federal law.</p>,
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <>
        <p>Questions about these terms or a delivery? We are happy to help.</p>
        <CompanyContact />
        <p>
          How we handle personal information is described in our <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
      </>
    ),
  },
];

/** /terms: the terms of service, SMS terms included. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms & Conditions"
      updated={LEGAL_LAST_UPDATED}
      intro={<p>The rules for booking, tracking and receiving deliveries with {COMPANY.name}, written to be read, not just agreed to.</p>}
      sections={sections}
    />
  );
}
