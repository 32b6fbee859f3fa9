import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { $user } from '@/stores/user';
import { Avatar, AvatarFallback, AvatarImage, initials } from '@/ui/avatar';

/** Avatar, name and email; 'Loggin in' (sic: the product's exact words) until the user info arrives. */
export function UserIdentity() {
  const { t } = useTranslation();
  const user = useStore($user);
  const name = user?.nickName ?? t('dashboard.sidebar.loggingIn');
  const email = user?.email ?? t('dashboard.sidebar.loggingIn');
  return (
    <>
      <Avatar className="rounded-lg" aria-hidden="true">
        {user?.avatar && <AvatarImage src={user.avatar} alt="" referrerPolicy="no-referrer" />}
        <AvatarFallback className="rounded-lg">{user ? initials(user.nickName) : ''}</AvatarFallback>
      </Avatar>
      <span className="grid min-w-0 flex-1 text-left text-sm leading-tight">
        <span className="truncate font-medium">{name}</span>
        <span className="truncate text-xs text-muted-foreground">{email}</span>
      </span>
    </>
  );
}
