import { SimpleAppLayout } from './components/simple-app-layout';

/** Dispatch console for SUPER_ADMIN, ADMIN, MANAGER and STAFF. */
export function StaffLayout() {
  return <SimpleAppLayout area="Dispatch" />;
}
