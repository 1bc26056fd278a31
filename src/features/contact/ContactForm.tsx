// TEMPORARY: replaced by the real contact form island.
export function ContactForm() {
  return <form method="post" action="/api/contact/form" />;
}
