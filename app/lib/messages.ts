// Spec wording (§5, §8) that both the server and the browser show.
export const EMAIL_IN_USE = "Email is already in use";
