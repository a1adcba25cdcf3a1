// Messages, worded as the league's players already know them, that both the server and
// the browser show.
export const EMAIL_IN_USE = "Email is already in use";
