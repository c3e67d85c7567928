/**
 * The tree hash a replay file of format 2 records after each event: made from its parts' hashes, kept per object
 * while a hasher is in use, and never carried to a changed copy. And format 1's JSON text, written with each
 * object's text kept: the bytes of JSON.stringify.
 */
import { describe, expect, it } from "vitest";
import { sharedJsonText, treeHasher } from "../../src/core/hash";

describe("treeHasher", () => {
  it("hashes equal values alike and tells apart what their JSON texts tell apart", () => {
    const value = { a: [1, 2.5, "x"], b: { c: null, d: true } };
    expect(treeHasher()(value)).toBe(treeHasher()(structuredClone(value)));
    const hash = treeHasher();
    const distinct = [1, "1", [1], { 1: 1 }, [], {}, null, true, false, 0, 2.5, "", [[]], { a: 1, b: 2 }, { b: 2, a: 1 }, [1, 2], [2, 1]];
    expect(new Set(distinct.map(hash)).size).toBe(distinct.length);
    // As in JSON: an undefined value is left out, -0 is 0.
    expect(hash({ a: 1, b: undefined })).toBe(hash({ a: 1 }));
    expect(hash([-0])).toBe(hash([0]));
  });

  it("keeps each object's hash, but a changed copy is hashed anew and the hash stays out of the object's JSON", () => {
    const hash = treeHasher();
    const state = { turn: 1, models: { m1: { position: [10, 20] } } };
    const before = hash(state);
    expect(JSON.stringify(state)).toBe('{"turn":1,"models":{"m1":{"position":[10,20]}}}');
    const moved = { ...state, models: { ...state.models, m1: { position: [11, 20] } } };
    expect(hash(moved)).not.toBe(before);
    expect(hash(moved)).toBe(treeHasher()(structuredClone(moved)));
    expect(hash({ ...state })).toBe(before);
    expect(hash({ ...state, turn: 2 })).not.toBe(before);
  });
});

describe("sharedJsonText", () => {
  it("writes JSON.stringify's bytes, and a changed copy anew", () => {
    const byId = Object.assign(Object.create(null) as Record<string, unknown>, { "us-sq1": { pins: 1 }, "2": "two" });
    const value = { a: [1, -0, 2.5e-7, undefined, null, true], b: { skip: undefined, text: 'quote " \\ \n é 😀' }, c: byId, d: [] };
    const json = sharedJsonText();
    expect(json(value)).toBe(JSON.stringify(value));
    expect(json(value)).toBe(JSON.stringify(value));
    const changed = { ...value, c: { ...byId, "us-sq1": { pins: 2 } } };
    expect(json(changed)).toBe(JSON.stringify(changed));
    expect(JSON.stringify(value)).not.toMatch(/JSON text/);
  });
});
