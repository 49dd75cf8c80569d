import { useEffect, useState } from "react";
import { User } from "@/api/entities";

let pending = null;

/** The signed-in user, fetched once and shared by the layout and the pages. */
export function loadCurrentUser() {
  pending ??= User.me().catch(() => null);
  return pending;
}

export function useCurrentUser() {
  const [state, setState] = useState({ user: null, loading: true });
  useEffect(() => {
    let active = true;
    loadCurrentUser().then((user) => {
      if (active) setState({ user, loading: false });
    });
    return () => {
      active = false;
    };
  }, []);
  return state;
}
