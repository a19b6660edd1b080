/** One outgoing message; plain text is always present so any client can read it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Where messages go, for the start-up log line (never contains credentials). */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}
