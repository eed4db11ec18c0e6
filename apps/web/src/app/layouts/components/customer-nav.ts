import { House, type LucideIcon, PackagePlus, Package, Settings } from 'lucide-react';
import { paths } from '@/config/paths';

export const customerNav: { label: string; to: string; icon: LucideIcon }[] = [
  { label: 'Home', to: paths.userHome, icon: House },
  { label: 'My Deliveries', to: paths.deliveries, icon: Package },
  { label: 'Request Delivery', to: paths.orderDelivery, icon: PackagePlus },
  { label: 'Account Settings', to: paths.accountSettings, icon: Settings },
];
