import type { TranscriptSegment } from '@veolearn/domain';

/**
 * A six-section lecture on energy written for the tests: definitions, named categories with members,
 * signalled steps, dated events, amounts in one unit, if-then rules, people and places, and the asides
 * a real speaker makes (greeting, joke, anecdote). Each sentence is one segment of 5 seconds.
 */
export const ENERGY_SECTIONS: readonly string[][] = [
  [
    "Hi everyone, and welcome back to the channel.",
    "Today we're going to talk about energy resources and how we turn them into electricity.",
    'Energy is the ability to do work.',
    'Electricity is the flow of electric charge through a conductor.',
    'A power station is a facility that converts a primary energy source into electricity.',
    "When I was a student I thought electricity just came out of the wall, which is a bit embarrassing.",
    'The demand for electricity rises every winter in cold countries.',
    'A grid is the network of cables that carries electricity from power stations to homes.',
  ],
  [
    "Now let's look at the two kinds of energy resources.",
    'Renewable resources include solar, wind and hydroelectric power.',
    'Non-renewable resources include coal, oil and natural gas.',
    'A renewable resource is a source of energy that is replaced naturally within a human lifetime.',
    'A fossil fuel is a fuel formed from the remains of ancient plants and animals.',
    'Coal formed from plants that grew in swamps about 300 million years ago.',
    'Natural gas is mostly methane, and it burns more cleanly than coal.',
    "Okay, quick joke: why did the solar panel win an award? Because it was outstanding in its field.",
  ],
  [
    "Next, let's talk about how a coal power station works.",
    'First, the coal is ground into a fine powder.',
    'Then the powder is burned in a furnace to heat water in a boiler.',
    'Next, the steam spins a turbine at high speed.',
    'Finally, the turbine drives a generator that produces electricity.',
    'The generator uses electromagnetic induction to turn motion into current.',
    'Michael Faraday discovered electromagnetic induction in London.',
    'A transformer increases the voltage before the electricity enters the grid.',
  ],
  [
    "Let's move on to the history of electricity supply.",
    'In 1882, Thomas Edison opened the first public power station in New York.',
    'In 1891, Nikola Tesla patented the Tesla coil for alternating current.',
    'In 1954, the first nuclear power station supplied electricity to a grid in Russia.',
    'In 1991, the first offshore wind farm opened off the coast of Denmark.',
    'Alternating current became the standard because it travels long distances efficiently.',
    'Edison preferred direct current for his early power stations.',
  ],
  [
    'Now we need to compare the emissions of different sources.',
    'Coal produces about 820 grams of carbon dioxide per kilowatt hour.',
    'Natural gas produces about 490 grams of carbon dioxide per kilowatt hour.',
    'Solar power produces about 48 grams of carbon dioxide per kilowatt hour.',
    'Wind power produces about 11 grams of carbon dioxide per kilowatt hour.',
    'Carbon dioxide is a greenhouse gas that traps heat in the atmosphere.',
    'A carbon tax is a charge on each tonne of carbon dioxide that a company emits.',
  ],
  [
    "Finally, let's talk about saving energy at home.",
    'If a room is empty, switch off the lights.',
    'If the house feels cold, close the windows before you turn up the heating.',
    'When you buy a new fridge, check the energy label first.',
    'Insulation is a layer of material that slows the loss of heat from a building.',
    'Loft insulation can cut heat loss through the roof by a large amount.',
    "To recap, renewable resources are replaced naturally, and non-renewable resources run out.",
    "Thanks for watching, and don't forget to subscribe.",
  ],
];

/** The lecture as timed segments (5 s a sentence) and its length in seconds. */
export function energySegments(): { segments: TranscriptSegment[]; durationSeconds: number } {
  const segments: TranscriptSegment[] = [];
  let t = 0;
  for (const section of ENERGY_SECTIONS) {
    for (const text of section) {
      segments.push({ start: t, end: t + 4.8, text });
      t += 5;
    }
  }
  return { segments, durationSeconds: t + 5 };
}
