package dynamic

// RaceStride is raceStride for the black-box tests.
const RaceStride = raceStride
