/**
 * The app's icon as the tab icon, when it is an image URL (an emoji or letter icon is left
 * out). Returns how to take it away again, or null when nothing was added.
 */
export function addFavicon(icon: string | null): (() => void) | null {
  if (!icon || !/^(https?:\/\/|\/|data:image\/)/.test(icon)) return null;
  const link = document.createElement("link");
  link.rel = "icon";
  link.href = icon;
  document.head.append(link);
  return () => link.remove();
}
