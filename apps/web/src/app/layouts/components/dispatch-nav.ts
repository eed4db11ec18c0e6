import { ADMIN_ROLES, MANAGER_ROLES, STAFF_ROLES, type TRole } from '@courier/contract';
import {
  Building2,
  ChartColumn,
  CircleDollarSign,
  ClipboardList,
  FileWarning,
  History,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  Map as MapIcon,
  MailWarning,
  MessageSquareHeart,
  Receipt,
  Radio,
  Repeat,
  ScrollText,
  UserCog,
  Users,
  Wallet,
} from 'lucide-react';
import { paths } from '@/config/paths';

export interface TDispatchNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Who sees the entry; the server refuses the others anyway. */
  roles: readonly TRole[];
}

const STAFF: readonly TRole[] = STAFF_ROLES;
const ADMINS: readonly TRole[] = ADMIN_ROLES;
const MANAGERS: readonly TRole[] = MANAGER_ROLES;

const dispatchNav: TDispatchNavItem[] = [
  { label: 'Dispatch', to: paths.adminDashboard, icon: LayoutDashboard, roles: STAFF },
  { label: 'Map & planning', to: paths.adminDispatchMap, icon: MapIcon, roles: STAFF },
  { label: 'Deliveries', to: paths.adminDeliveries, icon: History, roles: STAFF },
  { label: 'Discrepancies', to: paths.adminDiscrepancies, icon: FileWarning, roles: STAFF },
  { label: 'Reports', to: paths.adminReports, icon: ChartColumn, roles: STAFF },
  { label: 'Standing orders', to: paths.adminStandingOrders, icon: Repeat, roles: STAFF },
  { label: 'Feedback', to: paths.adminFeedback, icon: MessageSquareHeart, roles: STAFF },
  { label: 'SMS opt-ins', to: paths.adminOptins, icon: ClipboardList, roles: STAFF },
  { label: 'Loggers', to: paths.adminDevices, icon: Radio, roles: STAFF },
  { label: 'Accounts', to: paths.adminAccounts, icon: Building2, roles: MANAGERS },
  { label: 'Rate cards', to: paths.adminRateCards, icon: CircleDollarSign, roles: MANAGERS },
  { label: 'Invoices', to: paths.adminInvoices, icon: Receipt, roles: MANAGERS },
  { label: 'Receivables', to: paths.adminReceivables, icon: Landmark, roles: MANAGERS },
  { label: 'Driver pay', to: paths.adminDriverPay, icon: Wallet, roles: STAFF },
  { label: 'Settlements', to: paths.adminSettlements, icon: Landmark, roles: STAFF },
  { label: 'Audit log', to: paths.adminAudit, icon: ScrollText, roles: ADMINS },
  { label: 'Users', to: paths.adminUsers, icon: Users, roles: ADMINS },
  { label: 'Failed messages', to: paths.adminMessages, icon: MailWarning, roles: ADMINS },
  { label: 'My account', to: paths.staffAccount, icon: UserCog, roles: STAFF },
];

/** What a role may not do, it does not see. */
export const dispatchNavFor = (role: TRole | undefined): TDispatchNavItem[] =>
  role ? dispatchNav.filter((item) => item.roles.includes(role)) : [];
