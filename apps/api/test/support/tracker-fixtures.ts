/**
 * What a maker uses of the generated tests' FixtureWorld, stated here rather than imported, as
 * openapi-fixtures.ts imports these makers.
 */
type FixtureWorld = {
  actor: {
    call(
      method: 'POST',
      url: string,
      payload?: unknown,
    ): Promise<{ status: number; body: Record<string, unknown>; text: string }>;
  };
  label(what: string): string;
  get(kind: string, index: number): Promise<string>;
};

type FixtureMaker = (world: FixtureWorld, index: number) => Promise<string>;

async function create(world: FixtureWorld, url: string, payload: Record<string, unknown>): Promise<string> {
  const response = await world.actor.call('POST', `/api/v1${url}`, payload);
  if (response.status !== 201)
    throw new Error(`fixture POST ${url} failed: ${response.status} ${response.text}`);
  return String(response.body.id);
}

/**
 * Tracker fixtures for the generated tests: a group, a tracker in it with boundaries and a log, and
 * a chart of it. The first tracker also gets a calculated tracker reading it, so tracker_sources and
 * computed logs hold rows of the user too.
 */
export const trackerFixtureMakers: Record<string, FixtureMaker> = {
  'tracker-group': (world) =>
    create(world, '/tracker-groups', {
      name: world.label('group'),
      description: world.label('group description'),
      color: '#3a7',
    }),
  tracker: async (world, index) => {
    const id = await create(world, '/trackers', {
      name: world.label('tracker'),
      groupId: await world.get('tracker-group', 0),
      unit: 'kg',
      note: world.label('tracker note'),
      lowerBoundary: '10',
      upperBoundary: '200',
    });
    if (index === 0) {
      await create(world, '/tracker-logs', {
        trackerId: id,
        value: '72.5',
        logDate: '2026-03-10T08:00:00.000Z',
        note: world.label('log note'),
      });
      const source = await world.actor.call('GET' as 'POST', `/api/v1/trackers/${id}`);
      await create(world, '/trackers', {
        name: world.label('calculated'),
        isCalculated: true,
        calculationFormula: `${String(source.body.variableName)} * 2`,
        sourceTrackerIds: [id],
      });
    }
    return id;
  },
  'tracker-log': async (world) =>
    create(world, '/tracker-logs', {
      trackerId: await world.get('tracker', 0),
      value: '70.25',
      logDate: '2026-03-11T08:00:00.000Z',
      note: world.label('log'),
    }),
  'tracker-dashboard': async (world) =>
    create(world, '/tracker-dashboard', {
      name: world.label('chart'),
      chartType: 'timeSeries',
      config: {
        trackerIds: [await world.get('tracker', 0)],
        timeRange: 'all',
        aggregation: 'sum',
        colorScheme: 'default',
      },
    }),
};
