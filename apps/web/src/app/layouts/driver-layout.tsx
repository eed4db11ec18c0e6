import { SimpleAppLayout } from './components/simple-app-layout';

/** The driver's phone-first area. */
export function DriverLayout() {
  return <SimpleAppLayout area="Driver" />;
}
