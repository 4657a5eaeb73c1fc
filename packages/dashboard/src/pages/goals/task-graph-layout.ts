/**
 * Lays a task graph out in layers, left to right: a task's column is one more than the deepest
 * task it depends on. An edge that skips columns passes through a placeholder in each column it
 * crosses, so it runs between the nodes rather than through them (the Sugiyama scheme). Rows are
 * ordered by the barycentre heuristic to reduce crossings, then nudged towards their neighbours.
 * Sizes are in SVG user units; nothing here touches the DOM.
 */

export const NODE_WIDTH = 228;
export const NODE_HEIGHT = 66;
const GAP_X = 84;
const GAP_Y = 22;
/** A placeholder's height: the room an edge passing a column takes. */
const LANE = 10;
const PAD = 20;
/** Distance between the ends of edges meeting one side of a node. */
const PORT_SPACING = 12;

export interface LayoutInput {
  id: string;
  /** Order of creation: ties keep it, so the layout stays put as tasks are added. */
  position: number;
}

export interface LayoutEdgeInput {
  /** The waiting task. */
  task: string;
  /** The task it waits for. */
  dependsOn: string;
}

export interface PlacedNode {
  id: string;
  level: number;
  x: number;
  y: number;
}

export interface PlacedEdge {
  from: string;
  to: string;
  /** An SVG path: a horizontal start and end, smooth in every gap between columns. */
  path: string;
  /** Where it ends, for the arrow head. */
  end: { x: number; y: number };
}

export interface GraphLayout {
  nodes: Map<string, PlacedNode>;
  edges: PlacedEdge[];
  width: number;
  height: number;
  levels: number;
}

interface Item {
  key: string;
  /** A task, or null for a placeholder of a long edge. */
  task: string | null;
  level: number;
  height: number;
  y: number;
  up: Item[];
  down: Item[];
}

/** Level of every task; a cycle (which the runtime refuses) is cut where it is found. */
function levelsOf(ids: string[], parents: Map<string, string[]>): Map<string, number> {
  const level = new Map<string, number>();
  const visiting = new Set<string>();
  const visit = (id: string): number => {
    const known = level.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return -1;
    visiting.add(id);
    let deepest = -1;
    for (const parent of parents.get(id) ?? []) deepest = Math.max(deepest, visit(parent));
    visiting.delete(id);
    level.set(id, deepest + 1);
    return deepest + 1;
  };
  for (const id of ids) visit(id);
  return level;
}

const centre = (item: Item) => item.y + item.height / 2;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function crossings(layers: Item[][]): number {
  let count = 0;
  for (let l = 0; l + 1 < layers.length; l++) {
    const next = new Map((layers[l + 1] ?? []).map((item, index) => [item, index]));
    const pairs: [number, number][] = [];
    (layers[l] ?? []).forEach((item, index) => {
      for (const child of item.down) pairs.push([index, next.get(child) ?? 0]);
    });
    for (let i = 0; i < pairs.length; i++)
      for (let j = i + 1; j < pairs.length; j++) {
        const [a1, b1] = pairs[i] as [number, number];
        const [a2, b2] = pairs[j] as [number, number];
        if ((a1 - a2) * (b1 - b2) < 0) count++;
      }
  }
  return count;
}

/** Orders each layer by the mean row of its neighbours on one side; keeps the best sweep. */
function orderLayers(layers: Item[][]): Item[][] {
  let best = layers.map((layer) => [...layer]);
  let bestCrossings = crossings(best);
  let current = best.map((layer) => [...layer]);
  for (let sweep = 0; sweep < 8 && bestCrossings > 0; sweep++) {
    const downward = sweep % 2 === 0;
    const order = current.map((_, l) => (downward ? l : current.length - 1 - l));
    for (const l of order.slice(1)) {
      const side = downward ? current[l - 1] : current[l + 1];
      const rank = new Map((side ?? []).map((item, index) => [item, index]));
      const layer = current[l] ?? [];
      const score = new Map(
        layer.map((item, index) => {
          const neighbours = (downward ? item.up : item.down).map((n) => rank.get(n) ?? 0);
          return [item, neighbours.length > 0 ? mean(neighbours) : index] as const;
        }),
      );
      current[l] = [...layer].sort((a, b) => (score.get(a) ?? 0) - (score.get(b) ?? 0));
    }
    const found = crossings(current);
    if (found < bestCrossings) {
      best = current.map((layer) => [...layer]);
      bestCrossings = found;
    }
    current = current.map((layer) => [...layer]);
  }
  return best;
}

/** Rows: stacked first, then pulled towards the mean of their neighbours, keeping order and gaps. */
function placeRows(layers: Item[][]): void {
  const tallest = Math.max(
    ...layers.map((layer) => layer.reduce((sum, item) => sum + item.height + GAP_Y, -GAP_Y)),
  );
  for (const layer of layers) {
    let y = (tallest - layer.reduce((sum, item) => sum + item.height + GAP_Y, -GAP_Y)) / 2;
    for (const item of layer) {
      item.y = y;
      y += item.height + GAP_Y;
    }
  }
  for (let pass = 0; pass < 8; pass++) {
    const downward = pass % 2 === 0;
    const order = layers.map((_, l) => (downward ? l : layers.length - 1 - l));
    for (const l of order) {
      const layer = layers[l] ?? [];
      if (layer.length === 0) continue;
      const wanted = layer.map((item) => {
        const neighbours = [...item.up, ...item.down];
        return neighbours.length > 0 ? mean(neighbours.map(centre)) - item.height / 2 : item.y;
      });
      // Forward: no overlap; then shift the layer so it sits where it wanted, on average.
      const placed: number[] = [];
      layer.forEach((item, index) => {
        const previous = layer[index - 1];
        const floor =
          index === 0 || !previous
            ? Number.NEGATIVE_INFINITY
            : (placed[index - 1] ?? 0) + previous.height + GAP_Y;
        placed.push(Math.max(wanted[index] ?? item.y, floor));
      });
      const drift = mean(placed.map((y, index) => y - (wanted[index] ?? y)));
      layer.forEach((item, index) => {
        item.y = (placed[index] ?? item.y) - drift;
      });
    }
  }
}

/** Ends of the edges on one side of a node, spread by the rows at their other ends. */
function ports(items: Item[], side: 'up' | 'down'): Map<Item, Map<Item, number>> {
  const result = new Map<Item, Map<Item, number>>();
  for (const item of items) {
    const others = [...item[side]].sort((a, b) => centre(a) - centre(b));
    const spread = Math.min(PORT_SPACING, (item.height - 16) / Math.max(1, others.length - 1));
    result.set(
      item,
      new Map(
        others.map((other, index) => [
          other,
          centre(item) + (index - (others.length - 1) / 2) * spread,
        ]),
      ),
    );
  }
  return result;
}

export function layoutTaskGraph(tasks: LayoutInput[], edges: LayoutEdgeInput[]): GraphLayout {
  const ids = [...tasks].sort((a, b) => a.position - b.position).map((task) => task.id);
  const known = new Set(ids);
  const valid = edges.filter(
    (edge) => known.has(edge.task) && known.has(edge.dependsOn) && edge.task !== edge.dependsOn,
  );
  const parents = new Map<string, string[]>();
  for (const edge of valid)
    parents.set(edge.task, [...(parents.get(edge.task) ?? []), edge.dependsOn]);
  const level = levelsOf(ids, parents);
  const levels = ids.length === 0 ? 0 : Math.max(...ids.map((id) => level.get(id) ?? 0)) + 1;

  const layers: Item[][] = Array.from({ length: levels }, () => []);
  const byTask = new Map<string, Item>();
  for (const id of ids) {
    const item: Item = {
      key: id,
      task: id,
      level: level.get(id) ?? 0,
      height: NODE_HEIGHT,
      y: 0,
      up: [],
      down: [],
    };
    byTask.set(id, item);
    layers[item.level]?.push(item);
  }

  // Each edge becomes a chain through placeholders, one per column it crosses.
  const chains: { from: string; to: string; items: Item[] }[] = [];
  for (const edge of valid) {
    const source = byTask.get(edge.dependsOn);
    const target = byTask.get(edge.task);
    if (!source || !target || target.level <= source.level) continue;
    const chain: Item[] = [source];
    for (let l = source.level + 1; l < target.level; l++) {
      const lane: Item = {
        key: `${edge.dependsOn}>${edge.task}@${l}`,
        task: null,
        level: l,
        height: LANE,
        y: 0,
        up: [],
        down: [],
      };
      layers[l]?.push(lane);
      chain.push(lane);
    }
    chain.push(target);
    for (let i = 0; i + 1 < chain.length; i++) {
      const upper = chain[i] as Item;
      const lower = chain[i + 1] as Item;
      upper.down.push(lower);
      lower.up.push(upper);
    }
    chains.push({ from: edge.dependsOn, to: edge.task, items: chain });
  }

  const ordered = orderLayers(layers);
  placeRows(ordered);
  const all = ordered.flat();
  const top = all.length > 0 ? Math.min(...all.map((item) => item.y)) : 0;
  for (const item of all) item.y += PAD - top;
  const height = Math.max(...all.map((item) => item.y + item.height), 0) + PAD;
  const columnX = (l: number) => PAD + l * (NODE_WIDTH + GAP_X);

  const outgoing = ports(all, 'down');
  const incoming = ports(all, 'up');
  const placedEdges: PlacedEdge[] = chains.map(({ from, to, items }) => {
    const first = items[0] as Item;
    let x = columnX(first.level) + NODE_WIDTH;
    let y = outgoing.get(first)?.get(items[1] as Item) ?? centre(first);
    let path = `M ${x} ${y}`;
    for (let i = 1; i < items.length; i++) {
      const item = items[i] as Item;
      const nextX = columnX(item.level);
      const nextY =
        item.task === null
          ? centre(item)
          : (incoming.get(item)?.get(items[i - 1] as Item) ?? centre(item));
      const bend = (nextX - x) / 2;
      path += ` C ${x + bend} ${y}, ${nextX - bend} ${nextY}, ${nextX} ${nextY}`;
      x = nextX;
      y = nextY;
      // A placeholder is crossed in a straight line.
      if (item.task === null) {
        x += NODE_WIDTH;
        path += ` L ${x} ${y}`;
      }
    }
    return { from, to, path, end: { x, y } };
  });

  const nodes = new Map<string, PlacedNode>();
  for (const item of all)
    if (item.task)
      nodes.set(item.task, { id: item.task, level: item.level, x: columnX(item.level), y: item.y });

  return {
    nodes,
    edges: placedEdges,
    width: levels === 0 ? 0 : columnX(levels - 1) + NODE_WIDTH + PAD,
    height: ids.length === 0 ? 0 : height,
    levels,
  };
}
