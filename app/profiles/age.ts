export function ageFrom(dateOfBirth: Date | string, today = new Date()) {
  const birth = new Date(dateOfBirth);
  let age = today.getUTCFullYear() - birth.getUTCFullYear();
  const m = today.getUTCMonth() - birth.getUTCMonth();
  if (m < 0 || (m === 0 && today.getUTCDate() < birth.getUTCDate())) age--;
  return age;
}

/** The date-of-birth range of people aged min..max today. */
export function birthRange(minAge: number, maxAge: number, today = new Date()) {
  const y = today.getUTCFullYear(),
    m = today.getUTCMonth(),
    d = today.getUTCDate();
  return {
    latest: new Date(Date.UTC(y - minAge, m, d)), // born on or before: at least minAge
    earliest: new Date(Date.UTC(y - maxAge - 1, m, d + 1)), // born after: at most maxAge
  };
}
