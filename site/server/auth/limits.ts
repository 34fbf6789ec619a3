/** Field lengths of the account forms; browser-safe (the sign-up and password screens use it too). */
export const LIMITS = { name: 60, email: 254, passwordMin: 8, passwordMax: 256 } as const;
