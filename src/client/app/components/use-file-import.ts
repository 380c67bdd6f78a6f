import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../lib/api';

/**
 * A form that sends a chosen file's text (a CSV of redirects, a translated XLIFF file): `file` goes on the file
 * input, `submit` on the form. No file chosen is a `problem` at the input (with the focus there); the answer is
 * `answer`, a refusal the server's sentence in `refusal`. The input is emptied after a file is taken, so that the
 * same file can be chosen again. `sending` says whether a file is on its way (a second submit waits for it).
 */
export function useFileImport<A>(send: (text: string) => Promise<A>, sending: boolean, noFile: string) {
  const file = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const [answer, setAnswer] = useState<A | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const chosen = file.current?.files?.[0];
    setAnswer(null);
    setRefusal(null);
    if (!chosen) {
      setProblem(noFile);
      file.current?.focus();
      return;
    }
    try {
      setAnswer(await send(await chosen.text()));
      if (file.current) file.current.value = '';
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };

  return { file, problem, clearProblem: () => setProblem(undefined), answer, refusal, submit };
}
