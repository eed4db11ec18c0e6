import { Bell, KeyRound, UserRound } from 'lucide-react';
import type { TAccountUser } from '../api/get-current-user';
import { ChangePasswordForm } from './change-password-form';
import { NotificationPreferencesForm } from './notification-preferences-form';
import { PersonalInfoForm } from './personal-info-form';
import { SettingsCard } from './settings-card';

/** The account cards every role has (profile, password, notices): the customer's settings and staff's and drivers' own page. */
export function PersonalInfoCard({ user, description }: { user: TAccountUser | undefined; description: string }) {
  return (
    <SettingsCard id="personal-information" icon={<UserRound aria-hidden="true" />} title="Personal Information" description={description}>
      <PersonalInfoForm user={user} />
    </SettingsCard>
  );
}

export function ChangePasswordCard() {
  return (
    <SettingsCard
      id="change-password"
      icon={<KeyRound aria-hidden="true" />}
      title="Change Password"
      description="Changing it signs out your other sessions."
    >
      <ChangePasswordForm />
    </SettingsCard>
  );
}

export function NotificationPreferencesCard({ user, description }: { user: TAccountUser | undefined; description: string }) {
  return (
    <SettingsCard
      id="notification-preferences"
      icon={<Bell aria-hidden="true" />}
      title="Notification Preferences"
      description={description}
    >
      <NotificationPreferencesForm preferences={user?.notificationPreferences} />
    </SettingsCard>
  );
}
