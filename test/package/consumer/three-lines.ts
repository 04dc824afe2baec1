// A library user's program, compiled with tsc against the built package and run with node. The middle three
// lines are the README's; the rest reports what happened as JSON for the test to check.
import { connect, isGlanceError, type Phone, type TouchOutcome } from 'glance-mobile';

const serial = process.argv[2];
const phone: Phone = await connect(serial === undefined ? {} : { serial });
try {
  const snap = await phone.snapshot();
  const tap = await phone.tap('b922');
  const typed = await phone.type('e636', 'lisbon');

  const outcome: TouchOutcome = tap.data;
  let stale = '';
  try {
    await phone.tap('b922'); // the Search button is gone on the new screen
  } catch (e) {
    if (isGlanceError(e)) stale = e.code;
  }
  console.log(
    JSON.stringify({
      before: snap.text.split('\n')[0],
      elements: snap.data.elements.length,
      newScreen: outcome.newScreen === true,
      changed: outcome.changed,
      after: tap.text.split('\n')[2],
      value: typed.data.value,
      stale,
    }),
  );
} finally {
  phone.close();
}
