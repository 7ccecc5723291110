/** The footer's message after a newsletter subscription. */
export const NEWSLETTER_THANKS = "Thank you for subscribing to our newsletter!";
