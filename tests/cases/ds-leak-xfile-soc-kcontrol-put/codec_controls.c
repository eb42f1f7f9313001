/* case: ASoC controls made by SOC_SINGLE_EXT/SOC_ENUM_EXT name get/put handlers defined in another file; put runs from the SNDRV_CTL_IOCTL_ELEM_WRITE ioctl (this file: the control table) */
#include <sound/soc.h>
#include <sound/control.h>

int codec_eq_get(struct snd_kcontrol *kc, struct snd_ctl_elem_value *uc);
int codec_eq_put(struct snd_kcontrol *kc, struct snd_ctl_elem_value *uc);
int codec_mode_get(struct snd_kcontrol *kc, struct snd_ctl_elem_value *uc);
int codec_mode_put(struct snd_kcontrol *kc, struct snd_ctl_elem_value *uc);

extern const struct soc_enum codec_mode_enum;

const struct snd_kcontrol_new codec_controls[] = {
	SOC_SINGLE_EXT("EQ Profile", 0, 0, 8, 0, codec_eq_get, codec_eq_put),
	SOC_ENUM_EXT("Mode", codec_mode_enum, codec_mode_get, codec_mode_put),
};
