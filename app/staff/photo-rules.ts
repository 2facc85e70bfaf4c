// Photo review rules shared by the console page and the server: the reasons staff choose from
// when they reject a photo (each has a staff label and a mail text in every locale).
export const PHOTO_REJECT_REASONS = ["not_a_person", "nudity", "not_you", "low_quality", "other"] as const;
export type PhotoRejectReason = (typeof PHOTO_REJECT_REASONS)[number];
