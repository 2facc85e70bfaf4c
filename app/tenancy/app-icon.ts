/** The sizes of the app icon (/app-icon/<size>.png) the web app manifest lists. */
export const APP_ICON_SIZES = [192, 512] as const;
