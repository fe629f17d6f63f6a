/**
 * A function of a text with its answers remembered, up to `max` of them: past it the memory is
 * emptied and the answers computed again. For a digest or a signature the server would otherwise
 * compute again on nearly every request of a session (its id's hash, its CSRF token).
 */
export function remembered<T>(max: number, compute: (text: string) => T): (text: string) => T {
  const answers = new Map<string, T>();
  return (text) => {
    let answer = answers.get(text);
    if (answer === undefined) {
      answer = compute(text);
      if (answers.size >= max) answers.clear();
      answers.set(text, answer);
    }
    return answer;
  };
}
