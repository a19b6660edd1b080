import type { MailMessage } from './mailer';

/** The portal's mails, plain text: short, with the one link that matters on its own line. */

export function verificationMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your email address',
    text: [
      'Welcome to the Legal Documents Data API.',
      '',
      'Confirm your email address to start creating API keys:',
      '',
      link,
      '',
      'The link works once and expires in 24 hours.',
      'If you did not sign up, ignore this message.',
    ].join('\n'),
  };
}

export function alreadyRegisteredMail(to: string, loginLink: string, resetLink: string): MailMessage {
  return {
    to,
    subject: 'You already have an account',
    text: [
      'Someone (hopefully you) tried to sign up with this email address, but it already has an account.',
      '',
      `Sign in: ${loginLink}`,
      `Forgot your password? ${resetLink}`,
      '',
      'If this was not you, ignore this message; nothing has changed.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your password',
    text: [
      'Use this link to choose a new password:',
      '',
      link,
      '',
      'The link works once and expires in 1 hour.',
      'If you did not ask for this, ignore this message; your password is unchanged.',
    ].join('\n'),
  };
}
