import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
type Hit = { id: string; title: string; snippet?: string };

async function newUser() {
  const { accessToken } = await signUp(t);
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const response = await t.request({
      method,
      url: `/api/v1${url}`,
      token: accessToken,
      ...(payload === undefined ? {} : { payload: payload as Body }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  return {
    call,
    async createNote(payload: Body) {
      const response = await call('POST', '/notes', payload);
      if (response.status !== 201)
        throw new Error(`create: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body as { id: string } & Body;
    },
    async search(q: string, extra = ''): Promise<Hit[]> {
      const response = await call('GET', `/notes?q=${encodeURIComponent(q)}${extra}`);
      if (response.status !== 200)
        throw new Error(`search: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.items;
    },
  };
}

const titlesOf = (hits: Hit[]) => hits.map((hit) => hit.title);

describe('full-text search', () => {
  it('ranks a title hit above a content hit', async () => {
    const api = await newUser();
    await api.createNote({ title: 'Weekly review', content: 'Went over the garden plans.' });
    await api.createNote({ title: 'Garden', content: 'Tomatoes and beans.' });
    await api.createNote({ title: 'Unrelated', content: 'Nothing to see.' });
    expect(titlesOf(await api.search('garden'))).toEqual(['Garden', 'Weekly review']);
  });

  it('matches the start of a word, whatever its case', async () => {
    const api = await newUser();
    await api.createNote({ title: 'Tips', content: 'Ten Productivity habits' });
    await api.createNote({ title: 'Other', content: 'A product launch' });
    await api.createNote({ title: 'Miss', content: 'reproduction is not a prefix match' });
    expect(titlesOf(await api.search('prod')).sort()).toEqual(['Other', 'Tips']);
    expect(titlesOf(await api.search('PRODUCTIV'))).toEqual(['Tips']);
  });

  it('needs every word of the query', async () => {
    const api = await newUser();
    await api.createNote({ title: 'Both', content: 'apples and pears' });
    await api.createNote({ title: 'One', content: 'apples only' });
    expect(titlesOf(await api.search('pear appl'))).toEqual(['Both']);
  });

  it('finds words in any language', async () => {
    const api = await newUser();
    await api.createNote({ title: 'Zoo', content: 'Widzieliśmy wielkiego Żółwia i małego żółwia.' });
    await api.createNote({ title: 'Trip', content: '来年は 東京 に行きます' });
    await api.createNote({ title: 'Kyoto', content: '京都 の 寺' });
    expect(titlesOf(await api.search('żółw'))).toEqual(['Zoo']);
    expect(titlesOf(await api.search('ŻÓŁWIA'))).toEqual(['Zoo']);
    expect(titlesOf(await api.search('東京'))).toEqual(['Trip']);
    expect(titlesOf(await api.search('京都'))).toEqual(['Kyoto']);
    const [hit] = await api.search('東京');
    expect(hit?.snippet).toContain('<mark>東京</mark>');
  });

  it('answers a snippet with the matches marked and everything else escaped', async () => {
    const api = await newUser();
    await api.createNote({
      title: 'Markup',
      content:
        'Fish & chips are <3 for "productive" people, says O\'Brien. <img src=x onerror=alert(1)> Nothing else.',
    });
    const [hit] = await api.search('productive');
    const snippet = hit?.snippet ?? '';
    expect(snippet).toContain('<mark>productive</mark>');
    expect(snippet).toContain('Fish &amp; chips are &lt;3 for &quot;');
    expect(snippet).toContain('O&#39;Brien');
    expect(snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('takes the snippet from the title when only the title matches', async () => {
    const api = await newUser();
    await api.createNote({ title: 'Quarterly plans & <3 goals', content: 'Budget and hiring.' });
    const [hit] = await api.search('quarter');
    expect(hit?.snippet).toBe('<mark>Quarterly</mark> plans &amp; &lt;3 goals');
  });

  it.each([
    ['only punctuation', '!!! ... ---'],
    ['tsquery operators', "& | ! <-> :* ( ) ' \\"],
    ['quotes and colons', "'':*: \\'"],
  ])('answers a query of %s with no hits', async (_name, q) => {
    const api = await newUser();
    await api.createNote({ title: 'Anything', content: 'at all' });
    expect(await api.search(q)).toEqual([]);
  });

  it('takes operators in a query as plain text around its words', async () => {
    const api = await newUser();
    await api.createNote({ title: 'Fish and chips', content: 'A classic' });
    expect(titlesOf(await api.search("fish & !chips | 'classic':*"))).toEqual(['Fish and chips']);
  });

  it('searches the live notes by default, and the folder, archive or trash when asked', async () => {
    const api = await newUser();
    const folder = (await api.call('POST', '/folders', { name: 'F' })).body;
    await api.createNote({ title: 'Live kiwi' });
    await api.createNote({ title: 'Foldered kiwi', folderId: folder.id });
    const archived = await api.createNote({ title: 'Archived kiwi' });
    const binned = await api.createNote({ title: 'Binned kiwi' });
    await api.call('POST', `/notes/${archived.id}/archive`);
    await api.call('DELETE', `/notes/${binned.id}`);
    expect(titlesOf(await api.search('kiwi')).sort()).toEqual(['Foldered kiwi', 'Live kiwi']);
    expect(titlesOf(await api.search('kiwi', `&folderId=${folder.id}`))).toEqual(['Foldered kiwi']);
    expect(titlesOf(await api.search('kiwi', '&folderId=none'))).toEqual(['Live kiwi']);
    expect(titlesOf(await api.search('kiwi', '&filter=archived'))).toEqual(['Archived kiwi']);
    expect(titlesOf(await api.search('kiwi', '&filter=trash'))).toEqual(['Binned kiwi']);
  });

  it('finds only the user’s own notes', async () => {
    const api = await newUser();
    const other = await newUser();
    await other.createNote({ title: 'Secret walrus' });
    expect(await api.search('walrus')).toEqual([]);
  });

  it('pages through every hit once, most relevant first', async () => {
    const api = await newUser();
    for (let index = 0; index < 7; index += 1) {
      await api.createNote({ title: index % 2 ? `Lemon ${index}` : `Note ${index}`, content: 'lemon tart' });
    }
    await api.createNote({ title: 'No match', content: 'lime' });
    const seen: Hit[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Hit[]; nextCursor: string | null } = (
        await api.call('GET', `/notes?q=lemon&limit=3${cursor ? `&cursor=${cursor}` : ''}`)
      ).body;
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen.map((hit) => hit.id)).size).toBe(7);
    expect(titlesOf(seen.slice(0, 3)).every((title) => title.startsWith('Lemon'))).toBe(true);
    expect((await api.call('GET', '/notes?q=lemon&cursor=eyJ4IjoxfQ')).status).toBe(400);
  });
});
