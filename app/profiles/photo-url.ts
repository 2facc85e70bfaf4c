/** Where a stored photo is served: the site's CDN prefix in production, /media locally. */
export const photoUrl = (cdnPrefix: string, filename: string) => `${cdnPrefix.replace(/\/$/, "")}/media/${filename}`;
