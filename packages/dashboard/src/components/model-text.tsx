import { Anchor, Text } from '@mantine/core';
import { isOpenableUrl, modelTextParts } from './model-text-parts';

const urlStyle = {
  wordBreak: 'break-all',
  fontFamily: 'var(--mantine-font-family-monospace)',
} as const;

/** Opens only on a click, in a new tab, without telling the target where the click came from. */
function Target({ url }: { url: string }) {
  if (!isOpenableUrl(url)) return <span style={urlStyle}>{url}</span>;
  return (
    <Anchor
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      referrerPolicy="no-referrer"
      inherit
      style={urlStyle}
      data-testid="model-link"
    >
      {url}
    </Anchor>
  );
}

/**
 * Text a model or a tool wrote, shown as it is with its links' real targets visible. Images are
 * never loaded: each one becomes a placeholder naming its address, so a reply cannot make the
 * browser send anything to a server it names. Plain text otherwise (no other Markdown).
 */
export function ModelText({ text }: { text: string }) {
  return (
    <>
      {modelTextParts(text).map((part, index) => {
        // Parts have no identity but their place in an immutable text.
        const key = `${index}:${part.kind}`;
        if (part.kind === 'text') return <span key={key}>{part.text}</span>;
        if (part.kind === 'image')
          return (
            <Text
              key={key}
              span
              inherit
              bg="var(--mantine-color-gray-light)"
              px={4}
              style={{ borderRadius: 4 }}
              data-testid="model-image-placeholder"
            >
              [image not loaded{part.alt ? `: ${part.alt}` : ''}] <Target url={part.url} />
            </Text>
          );
        const shown = part.label.trim();
        if (!shown || shown === part.url) return <Target key={key} url={part.url} />;
        return (
          <span key={key}>
            {shown} (<Target url={part.url} />)
          </span>
        );
      })}
    </>
  );
}
