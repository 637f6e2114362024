/**
 * The create wizard's sample: a two-minute lesson on the water cycle as YouTube's "Show transcript" panel
 * copies it (a time on its own line, then the words). Short, so every usable statement counts.
 */
export const WATER_CYCLE_SAMPLE: string = [
  ["0:00", "Welcome back to our science series. Today we follow a single drop of water on its journey around the planet, a journey we call the water cycle."],
  ["0:11", "Almost all of the water on Earth is in the oceans. When the sun warms the surface of the sea, some of that water turns into vapour and rises into the air. This step is called evaporation."],
  ["0:27", "Plants add water vapour too. They pull water up from the soil through their roots and release it through tiny pores in their leaves, a process known as transpiration."],
  ["0:41", "As the warm, moist air rises it cools down. Cooler air cannot hold as much vapour, so the vapour condenses into tiny droplets around specks of dust. Billions of these droplets together form the clouds we see."],
  ["0:58", "Inside a cloud the droplets bump into each other and join. When they grow too heavy to stay in the air, they fall as precipitation: rain, snow, sleet or hail, depending on the temperature."],
  ["1:14", "Some of that water runs off the land into streams and rivers, and the rivers carry it back to the ocean. Some of it soaks into the ground and becomes groundwater, which can stay underground for thousands of years."],
  ["1:31", "Snow that falls on high mountains may be stored as ice in glaciers. In spring, meltwater feeds the rivers again."],
  ["1:42", "Then the sun warms the ocean once more and the cycle starts again. The water you drink today may once have fallen as rain on a dinosaur."],
  ["1:53", "So remember the four big steps: evaporation, condensation, precipitation and collection. Thanks for watching, and see you next time."],
]
  .map(([time, words]) => `${time}\n${words}`)
  .join('\n');
