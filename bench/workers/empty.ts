// Bench startup reference: the smallest Worker, whose time to first response is subtracted from the real one's.
export default {
  fetch(): Response {
    return new Response('ok');
  },
} satisfies ExportedHandler;
