// GraphiQL as the platform serves it: bundled by scripts/build-graphiql.mjs, loaded by the /graphiql page, which
// hands it its configuration (endpoints, versions, worker URLs) in a JSON block. Plain JS with createElement:
// browser code the server's TypeScript build does not compile.
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { createElement as h, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import 'graphiql/style.css';
import './graphiql-page.css';

const config = JSON.parse(document.getElementById('graphiql-config').textContent);

// Monaco's language services run in workers served beside this bundle (script-src and worker-src 'self').
globalThis.MonacoEnvironment = {
  getWorker(_id, label) {
    return new Worker(config.workers[label] ?? config.workers.editorWorkerService);
  },
};

function endpoint(surface, version) {
  return config.surfaces[surface].path.replace('{version}', encodeURIComponent(version));
}

// The surface and version are in the address (a link can name them); the token never is.
function remember(surface, version) {
  const url = new URL(location.href);
  url.search = new URLSearchParams({ surface, version }).toString();
  history.replaceState(null, '', url);
}

function Picker({ label, value, options, onChange }) {
  return h('label', null, label, ' ', h('select', { value, 'aria-label': label, onChange: (e) => onChange(e.target.value) }, options.map(([v, text]) => h('option', { key: v, value: v }, text))));
}

function App() {
  const [surface, setSurface] = useState(config.surface);
  const [version, setVersion] = useState(config.version);
  // One token per surface, in memory only: it is sent as its header on each request and kept nowhere else.
  const tokens = useRef({});
  const [typed, setTyped] = useState('');
  // Bumped when a token is entered, so the schema is read again with it (the admin schema needs one).
  const [generation, setGeneration] = useState(0);
  const { tokenHeader, tokenRequired } = config.surfaces[surface];

  const fetcher = useMemo(
    () =>
      createGraphiQLFetcher({
        url: endpoint(surface, version),
        fetch: (input, init) => {
          const headers = new Headers(init?.headers);
          const token = tokens.current[surface];
          if (token) headers.set(tokenHeader, token);
          return fetch(input, { ...init, headers, credentials: 'omit', referrerPolicy: 'no-referrer' });
        },
      }),
    [surface, version, generation],
  );

  const commitToken = () => {
    if ((tokens.current[surface] ?? '') === typed) return;
    tokens.current[surface] = typed;
    setGeneration((g) => g + 1);
  };
  const pickSurface = (next) => {
    commitToken();
    setSurface(next);
    setTyped(tokens.current[next] ?? '');
    remember(next, version);
  };
  const pickVersion = (next) => {
    setVersion(next);
    remember(surface, next);
  };

  const bar = h(
    'header',
    { className: 'platform-bar' },
    h('strong', null, config.title),
    h(Picker, { label: 'API', value: surface, options: Object.entries(config.surfaces).map(([k, s]) => [k, s.name]), onChange: pickSurface }),
    h(Picker, { label: 'Version', value: version, options: config.versions.map((v) => [v, v]), onChange: pickVersion }),
    h(
      'label',
      { className: 'platform-token' },
      tokenHeader,
      ' ',
      h('input', {
        type: 'password',
        name: 'token',
        autoComplete: 'off',
        spellCheck: false,
        placeholder: tokenRequired ? 'required' : 'optional',
        'aria-label': 'Access token',
        value: typed,
        onChange: (e) => setTyped(e.target.value),
        onBlur: commitToken,
        onKeyDown: (e) => e.key === 'Enter' && commitToken(),
      }),
    ),
  );
  return h('div', { className: 'platform-graphiql' }, bar, h('div', { className: 'platform-editor' }, h(GraphiQL, { key: `${surface}:${version}`, fetcher, defaultQuery: config.surfaces[surface].defaultQuery })));
}

createRoot(document.getElementById('graphiql')).render(h(App));
