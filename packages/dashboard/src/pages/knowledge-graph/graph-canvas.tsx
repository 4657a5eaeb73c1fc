import { useElementSize } from '@mantine/hooks';
import {
  forceCenter,
  forceLink,
  forceManyBody,
  forceSimulation,
  forceX,
  forceY,
  type SimulationLinkDatum,
  type SimulationNodeDatum,
} from 'd3-force';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Entity, Relation } from '../../api/memory';

interface Node extends SimulationNodeDatum {
  id: string;
  name: string;
  radius: number;
}
interface Link extends SimulationLinkDatum<Node> {
  relation: string;
  current: boolean;
}

const HEIGHT = 520;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The subgraph laid out by a force simulation on a canvas (loaded only on this page). A node's
 * size follows its mentions; a click opens the entity's timeline on the world model page.
 */
export default function GraphCanvas({ nodes, edges }: { nodes: Entity[]; edges: Relation[] }) {
  const { ref: box, width } = useElementSize();
  const canvas = useRef<HTMLCanvasElement>(null);
  const navigate = useNavigate();
  const find = useRef<(x: number, y: number) => Node | undefined>(() => undefined);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = width * ratio;
    element.height = HEIGHT * ratio;
    context.scale(ratio, ratio);
    const simNodes: Node[] = nodes.map((entity) => ({
      id: entity.id,
      name: entity.name,
      radius: 4 + Math.min(10, Math.sqrt(entity.mention_count) * 2),
    }));
    const known = new Set(simNodes.map((node) => node.id));
    const links: Link[] = edges
      .filter((edge) => known.has(edge.source_id) && known.has(edge.target_id))
      .map((edge) => ({
        source: edge.source_id,
        target: edge.target_id,
        relation: edge.relation,
        current: edge.invalid_at === null,
      }));
    const style = getComputedStyle(element);
    const ink = style.getPropertyValue('--mantine-color-text') || '#222';
    const accent = style.getPropertyValue('--mantine-primary-color-filled') || '#228be6';
    const faint = style.getPropertyValue('--mantine-color-dimmed') || '#999';
    const draw = () => {
      context.clearRect(0, 0, width, HEIGHT);
      context.font = '11px sans-serif';
      for (const link of links) {
        const [a, b] = [link.source as Node, link.target as Node];
        context.strokeStyle = faint;
        context.setLineDash(link.current ? [] : [4, 4]);
        context.beginPath();
        context.moveTo(a.x ?? 0, a.y ?? 0);
        context.lineTo(b.x ?? 0, b.y ?? 0);
        context.stroke();
        context.fillStyle = faint;
        context.fillText(
          link.relation,
          ((a.x ?? 0) + (b.x ?? 0)) / 2,
          ((a.y ?? 0) + (b.y ?? 0)) / 2,
        );
      }
      context.setLineDash([]);
      for (const node of simNodes) {
        context.fillStyle = accent;
        context.beginPath();
        context.arc(node.x ?? 0, node.y ?? 0, node.radius, 0, 2 * Math.PI);
        context.fill();
        context.fillStyle = ink;
        context.fillText(node.name, (node.x ?? 0) + node.radius + 3, (node.y ?? 0) + 4);
      }
    };
    const simulation = forceSimulation(simNodes)
      .force(
        'link',
        forceLink<Node, Link>(links)
          .id((node) => node.id)
          .distance(90),
      )
      .force('charge', forceManyBody().strength(-220))
      .force('center', forceCenter(width / 2, HEIGHT / 2))
      // A weak pull to the middle keeps entities without relations on the canvas.
      .force('x', forceX(width / 2).strength(0.06))
      .force('y', forceY(HEIGHT / 2).strength(0.06))
      .on('tick', draw);
    find.current = (x, y) => simulation.find(x, y, 16);
    return () => {
      simulation.stop();
    };
  }, [nodes, edges, width]);

  return (
    <div ref={box} style={{ width: '100%' }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Knowledge graph: ${count(nodes.length, 'entity', 'entities')}, ${count(edges.length, 'relation', 'relations')}`}
        style={{ width: '100%', height: HEIGHT, cursor: 'pointer', display: 'block' }}
        onClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          const node = find.current(event.clientX - rect.left, event.clientY - rect.top);
          if (node) navigate(`/world-model?entity=${encodeURIComponent(node.id)}`);
        }}
      />
    </div>
  );
}
