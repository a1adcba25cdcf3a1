// What the profile form sends to the service, read the same way by the action and by the
// browser's check: only the fields that differ from the stored ones (an unchanged email
// needs no current password), an empty password field as none.

export function changedFields(form: FormData, current: { name: string; email: string }) {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const name = text("name").trim();
  const email = text("email").trim().toLowerCase();
  return {
    name: name !== current.name ? name : undefined,
    email: email !== current.email ? email : undefined,
    password: text("password") || undefined,
    confirmPassword: text("confirmPassword") || undefined,
    currentPassword: text("currentPassword") || undefined,
  };
}
