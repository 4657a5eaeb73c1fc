import { EmptyState, NavLink, ScrollArea, Skeleton } from '@mantine/core';
import { useMemoryTree } from '../../hooks/use-memory';

interface PathTreeProps {
  selected: string | null;
  onSelect: (path: string | null) => void;
}

/** Every path that holds items, indented by depth, with how many items are at it and below. */
export function PathTree({ selected, onSelect }: PathTreeProps) {
  const { data: tree, isError } = useMemoryTree();
  if (!tree)
    return isError ? (
      <EmptyState size="sm" title="The tree could not be loaded" />
    ) : (
      <Skeleton h={120} />
    );
  if (tree.total === 0)
    return (
      <EmptyState
        size="sm"
        title="Memory is empty"
        description="Facts, preferences and procedures learned from conversations, goal tasks, feeds and mail appear here, as do items written with New item."
      />
    );
  return (
    <ScrollArea.Autosize mah={560} aria-label="Memory paths">
      <NavLink
        label={`All paths (${tree.total})`}
        active={selected === null}
        onClick={() => onSelect(null)}
      />
      {tree.nodes.map((node) => (
        <NavLink
          key={node.path}
          label={`${node.name} (${node.total})`}
          title={node.path}
          active={selected === node.path}
          onClick={() => onSelect(node.path)}
          pl={12 + node.depth * 14}
          description={node.pinned > 0 ? `${node.pinned} pinned` : undefined}
        />
      ))}
    </ScrollArea.Autosize>
  );
}
