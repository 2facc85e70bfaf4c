import { photoSrcSet, PROFILE_THUMB_SIZE, type DisplayPhoto } from "#app/profiles/photo-sizes.ts";

type MemberPhotoProps = {
  thumb: string;
  /** for browsers without srcset; the thumbnail when not given */
  src?: string;
  display: DisplayPhoto | null;
  alt: string;
  /** the layout's `sizes` (PHOTO_SIZES) */
  sizes: string;
  /** above the fold: fetched at once and first, not when scrolled near */
  priority?: boolean;
  className?: string;
  testId?: string;
};

/**
 * A member photo in both stored sizes: the browser picks by the width it will draw. width and
 * height hold the place before the file arrives (with CSS width and h-auto, or inside a sized box).
 */
export function MemberPhoto({ thumb, src, display, alt, sizes, priority = false, className, testId }: MemberPhotoProps) {
  const size = display ?? PROFILE_THUMB_SIZE;
  return (
    <img
      src={src ?? thumb}
      srcSet={photoSrcSet(thumb, display)}
      sizes={sizes}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? undefined : "async"}
      fetchPriority={priority ? "high" : undefined}
      width={size.width}
      height={size.height}
      alt={alt}
      className={className}
      data-testid={testId}
    />
  );
}
