/**
 * Lets code outside React (the API client) move the user, through the router once it exists.
 * Before the router registers itself, a full page load does the job.
 */
type Navigate = (path: string) => void;

let navigateWithRouter: Navigate | null = null;

export function registerNavigator(navigate: Navigate): void {
  navigateWithRouter = navigate;
}

export function navigateTo(path: string): void {
  if (navigateWithRouter) navigateWithRouter(path);
  else window.location.assign(path);
}
