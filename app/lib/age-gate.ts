/** SPEC §2/§4 age gate: remembered in this cookie (so the server renders no gate) and in local storage. */
export const AGE_COOKIE = "age_verified";
export const AGE_STORAGE_KEY = "ageVerified";
export const MINIMUM_AGE = 19;
