import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { useSession } from "../../lib/session.tsx";
import { appUsersApi } from "../app-users/app-users-api.ts";

/** User id → e-mail, for the grid's creator and user-reference cells. */
export type UserEmails = ReadonlyMap<string, string>;

const UserEmailsContext = createContext<UserEmails>(new Map());

/** The e-mails the grid can show for user ids: the app's end users, and the builder (rows made in the builder). */
export function UserEmailsProvider({ appId, children }: { appId: string; children: ReactNode }) {
  const { user } = useSession();
  const [endUsers, setEndUsers] = useState<readonly { id: string; email: string }[]>([]);
  useEffect(() => {
    let cancelled = false;
    // Without the list the grid still works and shows ids: a failure here costs only the e-mails.
    appUsersApi(appId)
      .list()
      .then(
        (users) => {
          if (!cancelled) setEndUsers(users);
        },
        () => {},
      );
    return () => {
      cancelled = true;
    };
  }, [appId]);
  const emails = useMemo(() => {
    const map = new Map(endUsers.map((u) => [u.id, u.email]));
    if (user) map.set(user.id, user.email);
    return map;
  }, [endUsers, user]);
  return <UserEmailsContext.Provider value={emails}>{children}</UserEmailsContext.Provider>;
}

export function useUserEmails(): UserEmails {
  return useContext(UserEmailsContext);
}
