// Sending the post for review (issue 27): the last changes are saved first, then the form goes
// to the route's action from script, once, with the version the server last gave. Offline, the
// form stays, says so, and is sent when the connection returns. The action's answer to a
// submission that did not go through lets the saves go on (or stops them on another tab's text).
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useSubmit } from 'react-router';
import type { DraftAutosave } from '../draft-autosave';
import { isOnline } from './form-reading';

/** Why a tap on 送信 did not send the post, as the route's actions answer it. */
export type SubmitAnswer = {
  ok?: boolean;
  /** The catalog's code of a refusal (stale_revision: another tab saved first). */
  code?: string;
  /** Not sent: no connection, or the server did not answer; `message` says what to do. */
  unsent?: { offline: boolean; message: string };
};

export const OFFLINE_SEND_MESSAGE = 'オフラインのため送信できませんでした。接続が戻ったら送信します。入力はこの端末に保存されています。';

export type PostSubmitOptions = {
  engineRef: RefObject<DraftAutosave | null>;
  formRef: RefObject<HTMLFormElement | null>;
  /** The action's answer to the last submission that did not go through (a new object each time). */
  answer: SubmitAnswer | undefined;
  /** The router is sending the form. */
  submitting: boolean;
  /** Another tab's text waits for the student's choice: a tap on 送信 shows it instead. */
  conflict: boolean;
  conflictRef: RefObject<HTMLElement | null>;
};

export function usePostSubmit({ engineRef, formRef, answer, submitting, conflict, conflictRef }: PostSubmitOptions) {
  const submit = useSubmit();
  /** Between the tap on 送信 and the request: the last changes are being saved. */
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  /** Why the last tap on 送信 did not send (shown beside the button). */
  const [unsent, setUnsent] = useState<SubmitAnswer['unsent'] | null>(null);
  /** Sent offline: sent again once the connection is back. */
  const sendWhenOnline = useRef(false);
  const mounted = useRef(true);

  // The action answered: the post was not sent. Saves go on; another tab's newer text stops
  // them until the student chooses; a request that never arrived is said beside the button.
  useEffect(() => {
    if (!answer) return;
    const engine = engineRef.current;
    engine?.release();
    if (answer.code === 'stale_revision') engine?.markConflict();
    setUnsent(answer.unsent ?? null);
    sendWhenOnline.current = answer.unsent?.offline === true;
  }, [answer, engineRef]);

  // Sent while offline: sent once the connection is back, as the message promised.
  useEffect(() => {
    mounted.current = true;
    const onOnline = () => {
      if (!sendWhenOnline.current) return;
      sendWhenOnline.current = false;
      formRef.current?.requestSubmit();
    };
    window.addEventListener('online', onOnline);
    return () => {
      mounted.current = false;
      window.removeEventListener('online', onOnline);
    };
  }, [formRef]);

  /**
   * Sends the post: the last changes are saved first (so the version sent is the server's
   * latest), then the form goes to the route's action from script, once. The browser's own
   * submission is not used for the second step: a submit asked for while the first submit
   * event is still being handled is dropped by the browser (the first tap did nothing: issue 27).
   */
  async function send(form: HTMLFormElement) {
    const engine = engineRef.current;
    if (!engine) return;
    sendingRef.current = true;
    setSending(true);
    setUnsent(null);
    sendWhenOnline.current = false;
    try {
      await engine.holdForSubmit();
      if (!isOnline()) {
        engine.release();
        setUnsent({ offline: true, message: OFFLINE_SEND_MESSAGE });
        sendWhenOnline.current = true;
        return;
      }
      // The last save found another tab's newer text: the student chooses first.
      if (engine.conflicted) {
        engine.release();
        return;
      }
      const data = new FormData(form);
      const sent = engine.current;
      data.set('postId', sent.postId === null ? '' : String(sent.postId));
      data.set('lockVersion', String(sent.lockVersion));
      data.set('draftKey', sent.draftKey);
      setSending(false);
      await submit(data, { method: 'post', action: form.getAttribute('action') ?? undefined });
      // Sent: the route went on to the student's posts, and the server has the text.
      if (!mounted.current && window.location.pathname === '/mypage/posts') engine.forget();
    } finally {
      sendingRef.current = false;
      if (mounted.current) setSending(false);
    }
  }

  function onValidSubmit(event: FormEvent<HTMLFormElement>) {
    // Before hydration there is no engine: the browser sends the form itself.
    if (!engineRef.current) return;
    event.preventDefault();
    if (sendingRef.current || submitting) return;
    if (conflict) {
      conflictRef.current?.focus();
      return;
    }
    void send(event.currentTarget);
  }

  return { sending, unsent, onValidSubmit };
}
