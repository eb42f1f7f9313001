/* case: the probe stores the open handler into the input device through the driver's struct (`ts->input_dev->open = ...`), the type of which is not in view; the handler lives in another file (this file: the probe) */
#include <linux/input.h>
#include <linux/i2c.h>

struct ts_data {
	struct i2c_client *client;
	struct input_dev *input_dev;
};

int ts_input_open(struct input_dev *dev);
void ts_input_close(struct input_dev *dev);

int ts_probe(struct i2c_client *client, struct ts_data *ts)
{
	ts->input_dev = input_allocate_device();
	if (!ts->input_dev)
		return -ENOMEM;
	ts->input_dev->open = ts_input_open;
	ts->input_dev->close = ts_input_close;
	input_set_drvdata(ts->input_dev, ts);
	return input_register_device(ts->input_dev);
}
