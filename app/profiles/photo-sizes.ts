// The two stored sizes of a member photo (app/profiles/photos.server.ts) and how pages ask the
// browser to pick between them: a srcset with width descriptors and a `sizes` per layout.
// Shared by server and client: no URLs are made here, only the ones a loader issued are combined.

/** The profile thumbnail: always exactly this size (cropped to fill). */
export const PROFILE_THUMB_SIZE = { width: 200, height: 250 } as const;
/** The display size is at most this, the photo's own proportions kept. */
export const DISPLAY_MAX_SIZE = { width: 900, height: 1125 } as const;

export interface DisplayPhoto {
  url: string;
  width: number;
  height: number;
}

/** `thumb 200w, display 900w`; the display size only when it is known and larger than the thumbnail. */
export function photoSrcSet(thumb: string, display: DisplayPhoto | null) {
  const thumbEntry = `${thumb} ${PROFILE_THUMB_SIZE.width}w`;
  return display && display.width > PROFILE_THUMB_SIZE.width ? `${thumbEntry}, ${display.url} ${display.width}w` : thumbEntry;
}

// The rendered width of each layout at the breakpoints of app/app.css (576/768/992/1200 px),
// worked out from `container-site` (max widths 540/720/960/1140, 12 px padding each side).
export const PHOTO_SIZES = {
  /** ProfileGrid and its copies: 2 columns, 3 from sm, 4 from lg, 12 px gaps */
  card: "(min-width: 1200px) 270px, (min-width: 992px) 225px, (min-width: 768px) 224px, (min-width: 576px) 164px, calc(50vw - 18px)",
  /** the profile page's photo column: full width, from md the 2fr of 2fr/3fr with a 24 px gap */
  profile: "(min-width: 1200px) 437px, (min-width: 992px) 365px, (min-width: 768px) 269px, (min-width: 576px) 516px, calc(100vw - 24px)",
  /** the home page's four faces: one row of 4 (8 px gaps), from md 2 columns in the hero's 2fr */
  homeFace: "(min-width: 1200px) 211px, (min-width: 992px) 175px, (min-width: 768px) 127px, (min-width: 576px) 123px, calc(25vw - 12px)",
  /** the profile landing's similar faces: 2 columns, 3 from sm, 6 from lg */
  landingCard: "(min-width: 1200px) 176px, (min-width: 992px) 146px, (min-width: 768px) 224px, (min-width: 576px) 164px, calc(50vw - 18px)",
} as const;
