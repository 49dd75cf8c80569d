/**
 * Whether the signed-in user runs the studio. App admins (the app's owner and its
 * collaborators) have role "admin"; the Service and Booking rules let them see and change
 * everything, so the Admin page is only a view on top of those rules.
 */
export function isAdmin(user) {
  return user?.role === "admin";
}
