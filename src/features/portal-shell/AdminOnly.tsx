import { useStore } from "@nanostores/react";
import type { ReactNode } from "react";
import { Forbidden } from "./Forbidden";
import { $account } from "~/portal/session-store";
import { PortalLoadingText } from "~/portal/PortalFrame";

interface Props {
  children: ReactNode;
  /** What a staff member who is not an admin sees: the 403 screen unless told otherwise. */
  fallback?: ReactNode;
  /** What shows while the signed-in account loads. */
  loading?: ReactNode;
}

/**
 * Shows `children` only to admins, the one gate for the admins' screens and controls. The API refuses the
 * same calls on its own; this only spares a staff member buttons that cannot work. An account that cannot
 * be read counts as not an admin.
 */
export function AdminOnly({ children, fallback = <Forbidden />, loading = <PortalLoadingText /> }: Props) {
  const { data: account, error } = useStore($account);
  if (error) return fallback;
  if (!account) return loading;
  return account.role === "admin" ? children : fallback;
}
