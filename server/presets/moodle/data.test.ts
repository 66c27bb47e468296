import { describe, expect, it } from 'vitest';
import { loadMoodleData } from './data.js';

const reader = (files: Record<string, string>) => async (file: string) => (Object.hasOwn(files, file) ? files[file] : undefined);

describe('the Moodle data files', () => {
  it('reads valid files and treats missing ones as empty', async () => {
    const { data, problems } = await loadMoodleData(reader({ 'data/versions.json': JSON.stringify({ versions: [{ name: '4.5', isLTS: true, releases: [{ name: '4.5.1' }] }] }) }));
    expect(problems).toEqual([]);
    expect(data.versions[0]).toMatchObject({ name: '4.5', isLTS: true, releases: [{ name: '4.5.1' }] });
    expect(data.projects).toEqual({});
    expect(data.academy.courses).toEqual({});
  });

  it('names the file and line of invalid JSON, and reads the others', async () => {
    const { data, problems } = await loadMoodleData(
      reader({ 'data/versions.json': '{\n  "versions": [\n    { "name": "4.5", }\n  ]\n', 'data/projects.json': '{"projects": {"a": {"title": "A"}}}' }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'data-file', file: 'data/versions.json' });
    expect(problems[0].line).toBeGreaterThan(1);
    expect(data.versions).toEqual([]);
    expect(data.projects.a.title).toBe('A');
  });

  it('names the field and line a schema rejects', async () => {
    const { problems } = await loadMoodleData(reader({ 'data/versions.json': '{\n  "versions": [\n    { "name": 4.5 }\n  ]\n}\n' }));
    expect(problems).toEqual([{ code: 'data-file', file: 'data/versions.json', line: 3, message: 'versions.0.name: Expected string, received number' }]);
  });

  it('refuses an alias bomb in YAML-compatible JSON without hanging', async () => {
    const bomb = `{"versions": [], "a": &a [1,1,1,1,1,1,1,1], "b": &b [*a,*a,*a,*a,*a,*a,*a,*a], "c": [*b,*b,*b,*b,*b,*b,*b,*b]}`;
    const { problems } = await loadMoodleData(reader({ 'data/versions.json': bomb }));
    expect(problems[0]).toMatchObject({ code: 'data-file', file: 'data/versions.json' });
  });
});
