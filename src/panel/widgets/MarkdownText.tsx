// Markdown from a file (a bug report's summary) shown as elements, never as an HTML string:
// `marked` only tokenizes; each token becomes a preact element whose text is set as text.
// Raw HTML in the source stays visible text, links are not followed (their target is shown
// beside their label), images are their alt text.
import type { ComponentChildren } from 'preact';
import { Lexer, type Token, type Tokens } from 'marked';

function inline(tokens: readonly Token[] | undefined, fallback: string): ComponentChildren {
  if (!tokens) return fallback;
  return tokens.map((t, i) => <InlineToken key={i} token={t} />);
}

function InlineToken({ token }: { readonly token: Token }) {
  switch (token.type) {
    case 'strong':
      return <strong>{inline((token as Tokens.Strong).tokens, token.raw)}</strong>;
    case 'em':
      return <em>{inline((token as Tokens.Em).tokens, token.raw)}</em>;
    case 'del':
      return <del>{inline((token as Tokens.Del).tokens, token.raw)}</del>;
    case 'codespan':
      return <code>{(token as Tokens.Codespan).text}</code>;
    case 'br':
      return <br />;
    case 'link': {
      const link = token as Tokens.Link;
      // A bare URL (GFM autolink) is its own label: shown once.
      const bare = link.text === link.href || `mailto:${link.text}` === link.href;
      return (
        <span class="md-link">
          {inline(link.tokens, link.text)}
          {!bare && <span class="dim">{` (${link.href})`}</span>}
        </span>
      );
    }
    case 'image':
      return <span class="dim">{`[image: ${(token as Tokens.Image).text}]`}</span>;
    case 'escape':
    case 'text': {
      const t = token as Tokens.Text;
      return <>{t.tokens ? inline(t.tokens, t.text) : t.text}</>;
    }
    default:
      // html and anything unknown: the source text, as text.
      return <>{token.raw}</>;
  }
}

function Block({ token }: { readonly token: Token }) {
  switch (token.type) {
    case 'space':
    case 'hr':
      return token.type === 'hr' ? <hr /> : null;
    case 'heading': {
      const h = token as Tokens.Heading;
      const body = inline(h.tokens, h.text);
      // Levels shift down one: the view already has its own heading.
      if (h.depth <= 1) return <h3>{body}</h3>;
      if (h.depth === 2) return <h4>{body}</h4>;
      return <h5>{body}</h5>;
    }
    case 'paragraph':
      return <p>{inline((token as Tokens.Paragraph).tokens, token.raw)}</p>;
    case 'list': {
      const l = token as Tokens.List;
      const items = l.items.map((item, i) => (
        <li key={i}>
          {item.tokens.map((t, j) =>
            t.type === 'text' ? <InlineToken key={j} token={t} /> : <Block key={j} token={t} />,
          )}
        </li>
      ));
      return l.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'table': {
      const t = token as Tokens.Table;
      return (
        <table>
          <thead>
            <tr>
              {t.header.map((c, i) => (
                <th key={i}>{inline(c.tokens, c.text)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {t.rows.map((row, r) => (
              <tr key={r}>
                {row.map((c, i) => (
                  <td key={i}>{inline(c.tokens, c.text)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    case 'code':
      return <pre>{(token as Tokens.Code).text}</pre>;
    case 'blockquote':
      return (
        <blockquote>
          {(token as Tokens.Blockquote).tokens.map((t, i) => (
            <Block key={i} token={t} />
          ))}
        </blockquote>
      );
    case 'text':
      return <p>{inline((token as Tokens.Text).tokens, (token as Tokens.Text).text)}</p>;
    default:
      return <p>{token.raw}</p>;
  }
}

/** Renders `source` (untrusted Markdown) as elements. */
export function MarkdownText({ source, label }: { readonly source: string; readonly label: string }) {
  let tokens: Token[];
  try {
    tokens = new Lexer({ gfm: true }).lex(source);
  } catch {
    return (
      <pre class="markdown" aria-label={label}>
        {source}
      </pre>
    );
  }
  return (
    <div class="markdown" role="document" aria-label={label}>
      {tokens.map((t, i) => (
        <Block key={i} token={t} />
      ))}
    </div>
  );
}
