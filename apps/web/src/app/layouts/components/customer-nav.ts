import {
  Building2,
  ChartColumn,
  FileText,
  FileUp,
  House,
  Landmark,
  type LucideIcon,
  PackagePlus,
  Package,
  Repeat,
  Settings,
} from 'lucide-react';
import { paths } from '@/config/paths';

export const customerNav: { label: string; to: string; icon: LucideIcon }[] = [
  { label: 'Home', to: paths.userHome, icon: House },
  { label: 'My Deliveries', to: paths.deliveries, icon: Package },
  { label: 'Request Delivery', to: paths.orderDelivery, icon: PackagePlus },
  { label: 'Standing Orders', to: paths.standingOrders, icon: Repeat },
  { label: 'Import Deliveries', to: paths.importDeliveries, icon: FileUp },
  { label: 'Reports', to: paths.reports, icon: ChartColumn },
  { label: 'Account', to: paths.account, icon: Building2 },
  { label: 'Invoices', to: paths.myInvoices, icon: FileText },
  { label: 'Statement', to: paths.myStatement, icon: Landmark },
  { label: 'Account Settings', to: paths.accountSettings, icon: Settings },
];
