/** The columns every new account starts with: a customer's sign-up, or a staff member or driver an administrator invites. */
export function newAccount(
  person: { email: string; firstName: string; lastName: string; phone: string },
  passwordHash: string,
  roleId: string,
  now: Date,
) {
  return {
    email: person.email,
    passwordHash,
    firstName: person.firstName,
    lastName: person.lastName,
    phone: person.phone,
    roleId,
    createdAt: now,
    updatedAt: now,
  };
}
