/**
 * The page's little script (built for the browser by tsconfig.browser.json, served as /assets/browser/app.js).
 * It sends the forms with the page's CSRF token and follows where the server says to go, shows a refusal in
 * the page's alert, takes dropped files into the file chooser, keeps the event stream open (so the server
 * knows a page is open) and draws a run's progress from it. Every word it shows comes from the server.
 */

function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

function showAlert(text: string): void {
  const alert = document.getElementById('alert');
  if (!alert) return;
  alert.textContent = text;
  alert.hidden = false;
  alert.setAttribute('tabindex', '-1');
  alert.focus();
}

async function send(form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
  const data = new FormData(form, submitter);
  if (form.classList.contains('language')) data.set('back', location.pathname);
  // Attributes, not properties: a field named "action" or "method" would stand in for the form's own.
  const multipart = form.getAttribute('enctype') === 'multipart/form-data';
  const buttons = Array.from(form.querySelectorAll<HTMLButtonElement>('button'));
  for (const button of buttons) button.disabled = true;
  document.body.setAttribute('aria-busy', 'true');
  try {
    const action = submitter?.getAttribute('formaction') ?? form.getAttribute('action') ?? location.pathname;
    const answer = await fetch(action, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'x-csrf-token': csrfToken(),
        ...(multipart ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: multipart ? data : new URLSearchParams(data as unknown as Record<string, string>),
      credentials: 'same-origin',
    });
    const body = (await answer.json().catch(() => ({}))) as { location?: string; error?: string };
    if (answer.ok && body.location) {
      location.assign(body.location);
      return;
    }
    showAlert(body.error ?? answer.statusText);
  } catch (error) {
    showAlert(String(error));
  } finally {
    for (const button of buttons) button.disabled = false;
    document.body.removeAttribute('aria-busy');
  }
}

document.addEventListener('submit', (event) => {
  const form = event.target as HTMLFormElement;
  if ((form.getAttribute('method') ?? '').toLowerCase() !== 'post') return;
  event.preventDefault();
  void send(form, (event as SubmitEvent).submitter);
});

for (const zone of Array.from(document.querySelectorAll<HTMLElement>('[data-drop]'))) {
  const input = zone.querySelector<HTMLInputElement>('input[type=file]');
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('over');
    if (input && event.dataTransfer?.files.length) input.files = event.dataTransfer.files;
  });
}

interface Progress {
  done: number;
  failed: number;
  left: number;
  retries: number;
  total: number;
}

function showProgress(progress: Progress): void {
  for (const key of ['done', 'failed', 'left', 'retries', 'total'] as const) {
    const element = document.querySelector(`[data-progress="${key}"]`);
    if (element) element.textContent = String(progress[key]);
  }
  const bar = document.querySelector<HTMLProgressElement>('progress[data-progress-bar]');
  if (bar) {
    bar.max = Math.max(progress.total, 1);
    bar.value = progress.done + progress.failed;
  }
}

const events = new EventSource('/events');
events.addEventListener('progress', (event) => showProgress(JSON.parse((event as MessageEvent<string>).data) as Progress));
events.addEventListener('finished', (event) => {
  const { location: next } = JSON.parse((event as MessageEvent<string>).data) as { location: string };
  if (document.body.dataset.step === 'apply' && document.getElementById('stop')) location.assign(next);
});
events.addEventListener('hello', (event) => {
  const { going } = JSON.parse((event as MessageEvent<string>).data) as { going: boolean };
  if (!going && document.body.dataset.step === 'apply' && document.getElementById('stop')) location.reload();
});
window.addEventListener('pagehide', () => events.close());
