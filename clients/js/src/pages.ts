// A list call: awaited, its first page; iterated, every entry of every page.
// Pages follow `next_cursor` (as `starting_after`) when the service sends one,
// else the offset; the query is sent as given, so the service's own limits apply.

import type { Page } from './types.js';

export type PageQuery = { limit?: number; offset?: number; starting_after?: string };

export class PageList<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  private first: Promise<Page<T>> | undefined;

  constructor(
    private readonly fetchPage: (query: PageQuery) => Promise<Page<T>>,
    private readonly query: { limit?: number; offset?: number },
  ) {}

  /** The first page (fetched once, however often it is awaited). */
  firstPage(): Promise<Page<T>> {
    this.first ??= this.fetchPage(this.query);
    return this.first;
  }

  then<A = Page<T>, B = never>(
    onFulfilled?: ((page: Page<T>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.firstPage().then(onFulfilled, onRejected);
  }

  /** Every page in turn, starting with the first. */
  async *pages(): AsyncGenerator<Page<T>> {
    let page = await this.firstPage();
    for (;;) {
      yield page;
      // A filtered cursor page may be empty and still have a next one (the service examines a bounded number of rows a page).
      if (page.next_cursor === undefined ? !page.has_more || page.data.length === 0 : page.next_cursor === null) return;
      const next: PageQuery = page.next_cursor
        ? { ...(this.query.limit === undefined ? {} : { limit: this.query.limit }), starting_after: page.next_cursor }
        : { ...this.query, offset: page.offset + page.data.length };
      page = await this.fetchPage(next);
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for await (const page of this.pages()) yield* page.data;
  }
}
